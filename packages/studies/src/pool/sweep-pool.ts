export async function sweepPool(..._a: unknown[]): Promise<void> { throw new Error('todo'); }
