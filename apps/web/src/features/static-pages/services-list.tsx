import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/use-t';
import { useTranslatedLang } from './policy-section';

/** Each service: its name and a line on what it is (`pages.services.*`). */
const SERVICES = [
  { name: 'pages.services.counselling.name', description: 'pages.services.counselling.text' },
  { name: 'pages.services.psychotherapy.name', description: 'pages.services.psychotherapy.text' },
  { name: 'pages.services.psychiatric.name', description: 'pages.services.psychiatric.text' },
  { name: 'pages.services.psychometric.name', description: 'pages.services.psychometric.text' },
  { name: 'pages.services.workshops.name', description: 'pages.services.workshops.text' },
  { name: 'pages.services.selfHelp.name', description: 'pages.services.selfHelp.text' },
] as const satisfies readonly { name: MessageId; description: MessageId }[];

export function ServicesList() {
  const { t } = useT();
  return (
    <ul lang={useTranslatedLang()}>
      {SERVICES.map((service) => (
        <li key={service.name}>
          <strong>{t(service.name)}</strong>: {t(service.description)}
        </li>
      ))}
    </ul>
  );
}
