export async function sweepCluster(..._a: unknown[]): Promise<void> { throw new Error('todo'); }
