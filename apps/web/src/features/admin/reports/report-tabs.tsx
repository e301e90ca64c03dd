import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export type TabItem<Key extends string> = { key: Key; label: string };

type ReportTabsProps<Key extends string> = {
  label: string;
  tabs: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  /** The selected tab's content. */
  children: ReactNode;
};

export const tabId = (key: string) => `report-tab-${key}`;
export const panelId = (key: string) => `report-panel-${key}`;

/**
 * Tabs as the ARIA authoring practices describe them: one tab stop, the arrow keys (and Home,
 * End) move between the tabs and show the one reached.
 */
export function ReportTabs<Key extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: ReportTabsProps<Key>) {
  const buttons = useRef(new Map<Key, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const count = tabs.length;
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = targets[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    const button = buttons.current.get(tab.key);
    button?.focus();
    button?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  return (
    <div className="report-tabs">
      <div className="report-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) buttons.current.set(tab.key, element);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              className="report-tabs__tab"
              aria-selected={active}
              // Only the selected tab's panel is in the page.
              aria-controls={active ? panelId(tab.key) : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        className="report-tabs__panel"
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
      >
        {children}
      </div>
    </div>
  );
}
