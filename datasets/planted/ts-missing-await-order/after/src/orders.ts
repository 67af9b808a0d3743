import type { Request, Response } from './http.js';
import { orderStore } from './store.js';

export async function createOrder(req: Request, res: Response): Promise<void> {
  const order = { id: crypto.randomUUID(), items: req.body.items };
  try {
    orderStore.save(order);
    res.status(201).json(order);
  } catch (error) {
    res.status(400).json({ error: (error as Error).message });
  }
}
