// The routes measured besides /api/health. Each later module adds its hot read routes here.
import type { LoadTarget } from './http';

export async function benchTargets(_baseUrl: string): Promise<LoadTarget[]> {
  return [];
}
