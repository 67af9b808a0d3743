/**
 * How the Responder argues (`--stance`). A module of its own, with no imports: the command line
 * reads it before anything else loads, and the prompt builder loads the Markdown parser.
 */
export const stances = ['default', 'devils-advocate'] as const;
export type Stance = (typeof stances)[number];
