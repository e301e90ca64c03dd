import { useCallback, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';

/** A choice asked beside the question (radio buttons); the first option is chosen at first. */
export type ConfirmChoice = {
  legend: string;
  options: readonly { value: string; label: string }[];
};

export type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  choice?: ConfirmChoice;
};

/** The answer: null for no; otherwise the chosen option's value ('' when nothing was asked). */
type PendingConfirm = ConfirmOptions & { resolve: (answer: string | null) => void };

function ConfirmDialog({
  pending,
  onAnswer,
}: {
  pending: PendingConfirm;
  onAnswer: (answer: string | null) => void;
}) {
  const messageId = useId();
  // The safe answer has focus first, so a stray Enter does not destroy anything.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState(pending.choice?.options[0]?.value ?? '');
  return (
    <ModalDialog
      title={pending.title}
      onClose={() => onAnswer(null)}
      describedBy={messageId}
      initialFocus={cancelRef}
      hideCloseButton
      footer={
        <>
          <button
            type="button"
            className="button button--secondary"
            ref={cancelRef}
            onClick={() => onAnswer(null)}
          >
            {pending.cancelLabel ?? 'Cancel'}
          </button>
          <Button variant={pending.tone ?? 'danger'} onClick={() => onAnswer(chosen)}>
            {pending.confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId}>{pending.message}</p>
      {pending.choice && <ChoiceFields choice={pending.choice} chosen={chosen} onChoose={setChosen} />}
    </ModalDialog>
  );
}

function ChoiceFields({
  choice,
  chosen,
  onChoose,
}: {
  choice: ConfirmChoice;
  chosen: string;
  onChoose: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="fieldset">
      <legend>{choice.legend}</legend>
      {choice.options.map((option) => (
        <label key={option.value} className="radio-option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={chosen === option.value}
            onChange={() => onChoose(option.value)}
          />
          <span className="radio-option__label">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * `confirm(options)` opens a confirm dialog and resolves to yes or no; `choose(options)` to the
 * option chosen in its `choice` ('' when it asks none), or null for no. Render `dialog`.
 */
export function useConfirm() {
  const [pending, setPending] = useState<PendingConfirm | null>(null);

  const choose = useCallback(
    (options: ConfirmOptions) =>
      new Promise<string | null>((resolve) => {
        setPending({ ...options, resolve });
      }),
    [],
  );
  const confirm = useCallback(async (options: ConfirmOptions) => (await choose(options)) !== null, [choose]);

  const dialog = pending ? (
    <ConfirmDialog
      pending={pending}
      onAnswer={(answer) => {
        setPending(null);
        pending.resolve(answer);
      }}
    />
  ) : null;

  return { confirm, choose, dialog };
}
