// The options page, which is also the first-run onboarding (`?welcome=1`).

import { BrandMark } from '@/components/brand-mark';
import { PrivacyLink } from '@/components/privacy-link';
import { ConnectionForm } from './connection-form';
import { DataTools } from './data-tools';
import { EconomyForm } from './economy-form';
import { FreeFactsForm } from './free-facts-form';
import { MemoryForm } from './memory-form';
import { ProviderNamesForm } from './provider-names-form';
import { SitesList } from './sites-list';

export function App() {
  const welcome = new URLSearchParams(location.search).has('welcome');
  return (
    <main class="options">
      <h1>
        <BrandMark />
        {welcome ? 'Welcome to VIN History Lens' : 'VIN History Lens settings'}
      </h1>
      {welcome && (
        <>
          <p>
            Connect the extension to your Vehicle History Report Service: enter its URL and your API key (from
            the API Keys section of your dashboard), then test the connection. Record counts are only checked
            when you ask, and reports are only bought after you confirm in the extension's own window.
          </p>
          <p class="notice" data-testid="ratio-rule">
            <strong>One rule before your first check:</strong> the service expects about 3 to 5 record checks
            for each report you buy, and may revoke a key that checks many VINs without buying.
          </p>
        </>
      )}
      {!welcome && (
        // Grouped by who needs them (issue 65): what everyone sets first, then what shoppers use,
        // then the dealers' budgets; the page was one 2,800 px column in no order a user has.
        <nav class="option-groups" aria-label="Settings groups">
          <a href="#getting-started">Getting started</a>
          <a href="#shopping">Shopping</a>
          <a href="#dealers">Dealers</a>
          <a href="#data">Your data</a>
        </nav>
      )}
      <div class="option-group" id="getting-started">
        <h2>Getting started</h2>
        <ConnectionForm />
        {!welcome && <ProviderNamesForm />}
      </div>
      {!welcome && (
        <>
          <div class="option-group" id="shopping">
            <h2>Shopping</h2>
            <SitesList />
            <MemoryForm />
            <FreeFactsForm />
          </div>
          <div class="option-group" id="dealers">
            <h2>Dealers</h2>
            <p data-testid="workbench-link">
              Many VINs at once (an auction run list, a trade-in batch):{' '}
              <a href="workbench.html" target="_blank" rel="noreferrer">
                open the workbench
              </a>
              .
            </p>
            <EconomyForm />
          </div>
          <div id="data">
            <DataTools />
          </div>
        </>
      )}
      <footer class="muted">
        What the extension reads, sends and keeps: <PrivacyLink />.
      </footer>
    </main>
  );
}
