import { type ReactNode, useEffect, useRef } from 'react';
import { takeHeadingFocusRequest } from './step-navigation';

export const STEP_HEADING_ID = 'wizard-step-heading';
export const WIZARD_TOP_ID = 'wizard-progress';

/** The step's heading; it takes the focus when the visitor has just moved to this step. */
export function StepHeading({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const heading = ref.current;
    if (!heading || !takeHeadingFocusRequest()) return;
    heading.focus({ preventScroll: true });
    // After a long step (the therapist list) the next one starts out of sight: bring the
    // progress indicator and the new heading into view together.
    const { top } = heading.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2) {
      document.getElementById(WIZARD_TOP_ID)?.scrollIntoView({ block: 'start' });
    }
  }, []);

  return (
    <div className="step-header">
      <h2 id={STEP_HEADING_ID} ref={ref} tabIndex={-1} className="step-header__title">
        {children}
      </h2>
      {lead && <p className="step-header__lead">{lead}</p>}
    </div>
  );
}

/** The step's Back and Continue buttons, primary last (nearest the thumb on a phone). */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="step-actions">{children}</div>;
}
