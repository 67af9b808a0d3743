/** What the settings and the session know of reproductions before one is read: no schema library at start-up. */

/** How a side runs reproductions: under bubblewrap (the default), without it (a throw-away container only), or not at all. */
export const reproductionModes = ['sandboxed', 'unsandboxed', 'off'] as const;
export type ReproductionMode = (typeof reproductionModes)[number];

/** The most a reproduction's command may print, stdout and stderr together, before it is stopped. */
export const maxReproductionOutputBytes = 1024 * 1024;

/** What blocks: a point by its standing whether or not it was reproduced (the default), or only a point a reproduction showed real. */
export const gateModes = ['regardless', 'only'] as const;
export type GateMode = (typeof gateModes)[number];
