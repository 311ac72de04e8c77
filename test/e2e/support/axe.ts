// Axe over one of our pages: the serious and critical violations, as lines a failing test prints.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousViolations(page: Page): Promise<string[]> {
  // The report frame is third-party HTML that cannot run axe (no scripts allowed in it): our page only.
  const results = await new AxeBuilder({ page: page as never })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .exclude('iframe.report-frame')
    .exclude('iframe.compare-frame')
    .options({ iframes: false })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
