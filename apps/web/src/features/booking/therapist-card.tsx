import type { Service, Therapist } from '@therapy/shared/catalog-schemas';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format';
import {
  bioExcerpt,
  bioExperience,
  initialsOf,
  serviceTags,
  therapistDisplayName,
  therapistImageUrl,
} from '../../lib/therapist-display';

type TherapistCardProps = {
  therapist: Therapist;
  services: readonly Service[];
  selected: boolean;
  onChoose: (therapist: Therapist) => void;
};

/**
 * One therapist at a glance (photo, experience, fee, specialities). The name is the button and
 * its click area covers the whole card, so the card reads as text, not as one long button label.
 */
export function TherapistCard({ therapist, services, selected, onChoose }: TherapistCardProps) {
  const name = therapistDisplayName(therapist.name);
  const image = therapistImageUrl(therapist);
  const experience = bioExperience(therapist.bio);
  const tags = serviceTags(therapist, services);
  const { t } = useT();
  const { rupees } = useFormat();

  return (
    <li className={`card therapist-card${selected ? ' card--selected' : ''}`}>
      <div className="therapist-card__top">
        {image ? (
          <img
            className="therapist-card__photo"
            src={image}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="therapist-card__photo therapist-card__initials" aria-hidden="true">
            {initialsOf(name)}
          </span>
        )}
        <div className="therapist-card__heading">
          <h3 className="therapist-card__name">
            <button
              type="button"
              className="therapist-card__button"
              aria-pressed={selected}
              onClick={() => onChoose(therapist)}
            >
              {name}
            </button>
          </h3>
          <p className="therapist-card__title">{therapist.title}</p>
          <p className="therapist-card__price tabular-nums">
            {rupees(therapist.price)} <span className="muted">{t('booking.therapist.perSession')}</span>
          </p>
        </div>
      </div>
      <p className="therapist-card__specialization">{therapist.specialization}</p>
      <p className="therapist-card__bio">{bioExcerpt(therapist.bio)}</p>
      {experience && <p className="therapist-card__experience">{experience}</p>}
      {tags.shown.length > 0 && (
        <div className="therapist-card__tags">
          <span className="therapist-card__tags-label">{t('booking.therapist.dealsWith')}</span>
          <ul className="tag-list">
            {tags.shown.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
            {tags.more > 0 && (
              <li className="tag tag--more">{t('booking.therapist.more', { count: tags.more })}</li>
            )}
          </ul>
        </div>
      )}
    </li>
  );
}
