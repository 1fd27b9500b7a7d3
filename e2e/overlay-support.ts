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
