import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DevState } from '../core/state.ts';
import { findEmployee } from '../core/directory/directory.ts';

const palette = [
  '#0f766e',
  '#15803d',
  '#1d4ed8',
  '#7c3aed',
  '#b45309',
  '#be123c',
  '#0369a1',
  '#4d7c0f',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A portrait placeholder with the employee's initials (the seed has no photos). */
export function avatarSvg(id: number, name: string): string {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const colour = palette[id % palette.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${escapeXml(name)}"><rect width="160" height="160" rx="80" fill="${colour}"/><text x="80" y="96" font-family="system-ui, sans-serif" font-size="56" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text></svg>`;
}

/** The employees' portraits; `stateOf` picks the request's sandbox (or the shared state). */
export function registerAvatars(
  app: FastifyInstance,
  stateOf: (request: FastifyRequest) => DevState,
): void {
  app.get<{ Params: { id: string } }>(
    '/images/employees/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(\d+)\.svg$/.exec(request.params.id);
      const employee = match ? findEmployee(stateOf(request), Number(match[1])) : null;
      if (!employee) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .send(avatarSvg(employee.id, employee.name));
    },
  );
}
