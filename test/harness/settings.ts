/** User settings every test window starts with (User/settings.json); tests add or override. */
export const baseSettings: Record<string, unknown> = {
  'workbench.colorTheme': 'Default Light Modern',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'files.autoSave': 'off',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'window.commandCenter': false,
  'git.enabled': false,
  // The reports default to 09:00 and 18:00: off here, so no offer depends on the time of
  // day a test runs at; the tests of the offers set their own times.
  'cortex.dailyBriefingTime': 'off',
  'cortex.dailyReviewTime': 'off',
};

export const lightTheme = 'Default Light Modern';
export const darkTheme = 'Default Dark Modern';
export const highContrastTheme = 'Default High Contrast';
