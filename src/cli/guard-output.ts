/** A standard stream that a closed reader cannot crash (`code-debate … | head -1`). */
export interface GuardedOutput {
  write(text: string): void;
}

/**
 * `stream` guarded against its reader going away: the first write error (EPIPE when the pipe's
 * reader exited) is taken as the end of that output, and later writes are dropped. Losing
 * stdout or stderr must never stop a debate half-way through a write: the side goes on to the
 * end of the debate, releases what it holds and exits with the code of what happened.
 */
export function guardOutput(stream: NodeJS.WriteStream): GuardedOutput {
  let closed = false;
  stream.on('error', () => {
    closed = true;
  });
  return {
    write(text) {
      if (!closed) stream.write(text);
    },
  };
}
