export interface Request { body: { items: string[] } }
export interface Response { status(code: number): Response; json(value: unknown): void }
