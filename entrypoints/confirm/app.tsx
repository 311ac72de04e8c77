// The purchase confirmation window. Buying arrives with the extension-pages issue; until then the
// window names the vehicle and says plainly that nothing can be bought from it yet.
import { normalizeVin } from '@/lib/vin-rules';

export function App() {
  const vin = normalizeVin(new URLSearchParams(location.search).get('vin') ?? '');
  return (
    <main style={{ padding: '16px' }}>
      <h1>Get a vehicle history report</h1>
      <p>
        VIN <strong data-testid="confirm-vin">{vin ?? '(not a VIN)'}</strong>
      </p>
      <p class="muted">Buying reports is not available in this version yet; no credit can be spent here.</p>
    </main>
  );
}
