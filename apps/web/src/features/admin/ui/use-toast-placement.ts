import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** The button a message reports on: the last one pressed outside a dialog and the messages. */
type Anchor = { element: Element; box: DOMRect; scrollX: number; scrollY: number };

/** Confirm buttons in dialogs are not what a message reports on: the button that opened them is. */
const NOT_AN_ANCHOR = 'dialog, [role="dialog"], [role="alertdialog"], .admin-toasts';

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Where the anchor is now: the button itself while it is on the page, else (the action removed
 * it, as Cancel disappears from a cancelled row) where it was, moved by the page's scrolling since.
 */
function anchorBox(anchor: Anchor): DOMRect {
  if (anchor.element.isConnected) {
    const box = anchor.element.getBoundingClientRect();
    if (box.width > 0 || box.height > 0) return box;
  }
  const { box } = anchor;
  return new DOMRect(
    box.x - (window.scrollX - anchor.scrollX),
    box.y - (window.scrollY - anchor.scrollY),
    box.width,
    box.height,
  );
}

/**
 * Keeps the messages off the button they report on: they sit at the bottom right, and move to the
 * top right while that would cover the last button pressed (re-checked as the page scrolls or the
 * window changes size). `region` carries `data-placement="bottom" | "top"`.
 */
export function useToastPlacement(region: RefObject<HTMLElement | null>, toasts: readonly unknown[]) {
  const toastCount = toasts.length;
  const anchor = useRef<Anchor | null>(null);

  const place = useRef(() => {
    const element = region.current;
    if (!element) return;
    element.dataset.placement = 'bottom';
    if (!anchor.current) return;
    const target = anchorBox(anchor.current);
    if (overlaps(element.getBoundingClientRect(), target)) element.dataset.placement = 'top';
  });

  useEffect(() => {
    const remember = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button, a') : null;
      if (!button || button.closest(NOT_AN_ANCHOR)) return;
      anchor.current = {
        element: button,
        box: button.getBoundingClientRect(),
        scrollX: window.scrollX,
        scrollY: window.scrollY,
      };
    };
    document.addEventListener('click', remember, true);
    return () => document.removeEventListener('click', remember, true);
  }, []);

  // Before paint, so a message never shows for a frame over the button; and again on the next
  // frame, once what the action changed on the page (a list refreshed, a dialog gone) is laid out.
  useLayoutEffect(() => {
    if (toasts.length === 0) return;
    place.current();
    const frame = requestAnimationFrame(() => place.current());
    return () => cancelAnimationFrame(frame);
  }, [toasts]);

  useEffect(() => {
    if (toastCount === 0) return;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place.current);
    };
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [toastCount]);
}
