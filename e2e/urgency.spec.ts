import { expect, test, type ExtensionHandle } from './fixtures';
import { askInPanel, demoExtension, seriousAxeViolations } from './faces-support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A real side panel's width. */
const PANEL = { width: 400, height: 760 };
/** faces-urgency.css's red banner in each scheme. */
const RED = { light: 'rgb(163, 0, 27)', dark: 'rgb(179, 18, 46)' };

let extension: ExtensionHandle;
/** The cards the side panel's kept conversation holds so far: a new panel shows them before it is asked again. */
let kept = 0;

test.beforeAll(async () => {
  extension = await demoExtension();
});
test.afterAll(async () => extension.close());

for (const scheme of ['light', 'dark'] as const) {
  test(`a red-flag symptom in the side panel (${scheme}): the red tier first, with 911 to dial`, async ({
    saveScreenshot,
  }) => {
    const panel = await extension.context.newPage();
    await panel.emulateMedia({ colorScheme: scheme });
    await panel.setViewportSize(PANEL);
    await panel.goto(extension.url('sidepanel.html'));
    await expect(panel.getByRole('article')).toHaveCount(kept);

    const card = await askInPanel(panel, 'I have chest pain and my left arm feels numb');
    const alert = card.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Emergency');
    await expect(alert).toContainText('Call 911 now.');
    const call = alert.getByRole('link', { name: 'Call 911' });
    await expect(call).toHaveAttribute('href', 'tel:911');
    await expect(alert).toHaveCSS('background-color', RED[scheme]);
    // The tier is the first thing on the card, above its heading, and in view without scrolling sideways.
    const [alertBox, headingBox] = await Promise.all([
      alert.boundingBox(),
      card.getByRole('heading', { name: 'Your agent answered' }).boundingBox(),
    ]);
    expect(alertBox!.y).toBeLessThan(headingBox!.y);
    await expect(alert).toBeInViewport();
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PANEL.width);
    expect(await seriousAxeViolations(panel)).toEqual([]);
    await saveScreenshot(panel, `sidepanel-urgency-red-${scheme}`);

    const amber = await askInPanel(panel, "my ankles are swollen and I'm a bit short of breath");
    const note = amber.locator('.ha-urgency');
    await expect(note).toHaveAttribute('role', 'status');
    await expect(note).toHaveAttribute('data-colour', 'amber');
    await expect(note).toContainText('Tell your care team about this today');
    await expect(amber.getByRole('alert')).toHaveCount(0);
    expect(await seriousAxeViolations(panel)).toEqual([]);
    await saveScreenshot(panel, `sidepanel-urgency-amber-${scheme}`);
    kept = await panel.getByRole('article').count();
    await panel.close();
  });
}
