export async function runWorker(_url: string, _o: { concurrency?: number; note: (l: string) => void }): Promise<void> {}
