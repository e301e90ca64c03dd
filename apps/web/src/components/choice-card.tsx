import type { ReactNode } from 'react';

type ChoiceCardProps = {
  name: string;
  value: string;
  checked: boolean;
  onChoose: (value: string) => void;
  children: ReactNode;
  className?: string;
};

/**
 * A card that is a radio button: arrow keys move between the cards of a group, the selection is
 * announced, and the (transparent) native radio covers the card, so any click or tap on it counts.
 */
export function ChoiceCard({ name, value, checked, onChoose, children, className }: ChoiceCardProps) {
  return (
    <label
      className={['card', 'card--selectable', 'choice-card', checked && 'card--selected', className]
        .filter(Boolean)
        .join(' ')}
    >
      <input
        type="radio"
        className="choice-card__input"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChoose(value)}
      />
      {children}
    </label>
  );
}
