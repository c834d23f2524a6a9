// The floor: bare node:http answering a small JSON body, no database.
import http from 'node:http';

const body = JSON.stringify({
  customerId: '00000000-0000-0000-0000-000000000000',
  phone: '+639171234567',
  registeredAt: '2026-11-01T00:00:00.000Z',
});
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
