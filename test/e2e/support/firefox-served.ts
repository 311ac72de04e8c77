// Pages "at their real addresses" in Firefox: a new tab whose requests are answered by `pageFor`
// (the memory's and the badge's site pages: memory-sites.ts, listing-sites.ts, box-pages.ts) over
// WebDriver BiDi's request interception; any other request goes on as usual.
import type { Browser, Page } from 'puppeteer-core';

export async function servedTab(browser: Browser, pageFor: (url: string) => string | null): Promise<Page> {
  const tab = await browser.newPage();
  await tab.setRequestInterception(true);
  tab.on('request', (request) => {
    const body = pageFor(request.url());
    if (body === null) void request.continue();
    else void request.respond({ status: 200, contentType: 'text/html', body });
  });
  return tab;
}
