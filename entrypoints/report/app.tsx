// The report viewer. Rendering purchased HTML in a sandbox arrives with the extension-pages issue;
// until then the page names the report it was asked for and says it cannot show it yet.
export function App() {
  const params = new URLSearchParams(location.search);
  return (
    <main style={{ padding: '16px' }}>
      <h1>Vehicle history report</h1>
      <p class="muted">
        {params.get('provider') ?? 'No provider'} report {params.get('id') ?? '(no id)'}: the viewer is not
        available in this version yet.
      </p>
    </main>
  );
}
