// The background's saveSettings message in the wire format of the extension's messaging, as the
// options page sends it: how tests, benches and \`npm start\` configure the extension in either browser
// (the key lives in the background's store, so there is no storage to write it into).
export const saveSettingsMessage = (serviceUrl: string, apiKey: string) => ({
  id: 1,
  type: 'saveSettings',
  data: { serviceUrl, apiKey },
  timestamp: Date.now(),
});
