/**
 * The formats `show --format` and `--report` write. A module of its own: the command line checks
 * a format before any renderer (and what they load) is needed.
 */
export const reportFormats = ['text', 'json', 'markdown', 'sarif', 'github', 'html'] as const;
export type ReportFormat = (typeof reportFormats)[number];
