import { ConfigError } from '../errors.js';

/**
 * A dataset that cannot be used: missing, in no format the loader knows, or a case that breaks
 * the format. A usage error (exit 2): the message names the case, the file and what to fix.
 */
export class DatasetError extends ConfigError {
  override name = 'DatasetError';
}

/** Where the formats are described, for every message that says a dataset is wrong. */
export const formatHelp = 'See docs/eval.md for the dataset formats.';
