// The bundled privacy policy (PRIVACY.md, rendered to privacy.html at build time), opened in a tab.
export const PrivacyLink = () => (
  <a href="/privacy.html" target="_blank" rel="noreferrer">
    Privacy policy
  </a>
);
