import type { Request, Response } from './http.js';
import { orderStore } from './store.js';

export async function createOrder(req: Request, res: Response): Promise<void> {
  const order = { id: crypto.randomUUID(), items: req.body.items };
  res.status(201).json(order);
}
