import net from 'node:net';

/**
 * A loopback TCP balancer in front of several api processes, as a load balancer with health
 * checks would be: each new connection goes to the first target that accepts it. When a process
 * dies its connections drop, and clients that reconnect land on a survivor.
 */
export async function startFailoverProxy(targets: number[]) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const tryTarget = (i: number) => {
      const port = targets[i];
      if (port === undefined) return client.destroy();
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.on('error', () => {
        if (connected) client.destroy();
        else tryTarget(i + 1); // refused: that process is gone, try the next
      });
      upstream.once('connect', () => {
        connected = true;
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryTarget(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
