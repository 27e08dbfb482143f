import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Resolves when every animation on the page that ends (a toast sliding in, not a spinner) has ended. */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Serious and critical axe violations on the page as it is now (each as "rule: target"). A toast that
 * starts sliding in while axe reads the page is half transparent, so its colours read wrong: what axe
 * finds is asked again once the animations have ended, and only what it finds both times is reported.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const once = async () => {
    await animationsEnded(page);
    // A frame sandboxed without scripts (a kept e-mail's HTML) runs no timer, so axe would wait in it for
    // ever; what it shows is the sender's markup, not the app's.
    const builder = new AxeBuilder({ page }).exclude('iframe[sandbox=""]');
    if (include) builder.include(include);
    const { violations } = await builder.analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  };
  const first = await once();
  if (first.length === 0) return first;
  const second = new Set(await once());
  return first.filter((violation) => second.has(violation));
}
