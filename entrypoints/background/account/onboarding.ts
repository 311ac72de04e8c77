// First run: a short onboarding in the options page (service URL, key, test connection).
import { browser } from 'wxt/browser';

export function openOnboardingOnInstall(): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install')
      void browser.tabs.create({ url: browser.runtime.getURL('/options.html?welcome=1') });
  });
}
