import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Serious and critical axe violations on the page as it is now (each as "rule: target"). */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // A frame sandboxed without scripts (a kept e-mail's HTML) runs no timer, so axe would wait in it for
  // ever; what it shows is the sender's markup, not the app's.
  const builder = new AxeBuilder({ page }).exclude('iframe[sandbox=""]');
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
