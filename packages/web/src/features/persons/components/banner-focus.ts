/** The banner's sentence ("Asioit henkilön … puolesta"), focusable from script only. */
export const BANNER_TEXT_ID = 'acting-banner-text';

/** How long after a choice the banner's sentence is waited for. */
const WAIT_MS = 2_000;

/**
 * Moves the focus to the banner's sentence once it is drawn after a choice of person, so that a
 * screen reader reads whom the pages are for now (a dialog that closes would otherwise leave the
 * focus on the page's body, or on the switch, which says nothing of the change).
 */
export function focusBannerText(): void {
  const until = Date.now() + WAIT_MS;
  const look = () => {
    const text = document.getElementById(BANNER_TEXT_ID);
    if (text !== null && !document.querySelector('[role="dialog"]')) text.focus();
    else if (Date.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
