import type { FrameLocator, Locator, Page } from '@playwright/test';

/**
 * The in-page overlay as the person sees it: an `<iframe>` of Home Agent's overlay frame page inside the open shadow
 * root of `<home-agent-overlay>`. Playwright reaches into the chrome-extension: frame through the browser (CDP); the
 * page itself cannot (e2e/overlay-privacy.spec.ts).
 */
export function overlayFrame(page: Page): FrameLocator {
  return page.frameLocator('home-agent-overlay iframe');
}

/** The conversation dialog inside the overlay frame. */
export function overlayDialog(page: Page): Locator {
  return overlayFrame(page).getByRole('dialog', { name: 'Ask Home Agent' });
}

/**
 * Closes the overlay as the person does — its × button, or Escape — and waits for the frame's removal. The frame that
 * takes the input is removed by it, and Chromium then sometimes never acknowledges the input event: an awaited click
 * or key press waited forever (1 run in about 7 here, and in CI). The removal is the event a test waits for.
 */
export async function closeOverlay(page: Page, by: 'button' | 'escape'): Promise<void> {
  const input =
    by === 'button'
      ? overlayDialog(page).getByRole('button', { name: 'Close Home Agent' }).click()
      : page.keyboard.press('Escape');
  void input.catch(() => undefined);
  await page.locator('home-agent-overlay').waitFor({ state: 'detached' });
}
