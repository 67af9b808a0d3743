/** What the settings, the session and its event log know of reproductions before one is read: no schema library at start-up. */

/** How a side runs reproductions: under bubblewrap (the default), without it (a throw-away container only), or not at all. */
export const reproductionModes = ['sandboxed', 'unsandboxed', 'off'] as const;
export type ReproductionMode = (typeof reproductionModes)[number];

/** The most a reproduction's command may print, stdout and stderr together, before it is stopped. */
export const maxReproductionOutputBytes = 1024 * 1024;

/** What blocks: a point by its standing whether or not it was reproduced (the default), or only a point a reproduction showed real. */
export const gateModes = ['regardless', 'only'] as const;
export type GateMode = (typeof gateModes)[number];

/** What running a reproduction showed: the point is real (fails at the head, passes at the base), or not, or nothing could be said. */
export const reproductionVerdicts = ['reproduced', 'not-reproduced', 'could-not-run'] as const;
export type ReproductionVerdict = (typeof reproductionVerdicts)[number];

export const verdictWords: Record<ReproductionVerdict, string> = { reproduced: 'reproduced', 'not-reproduced': 'not reproduced', 'could-not-run': 'could not run' };
