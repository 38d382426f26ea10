import { loginRequestSchema } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validation';
import type { AuthService } from './auth.service';

export interface LoginRateLimit {
  max: number;
  timeWindow: number;
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, rateLimit: LoginRateLimit | false): void {
  app.post(
    '/api/auth/login',
    {
      config: {
        auth: 'public',
        ...(rateLimit ? { rateLimit: { ...rateLimit, keyGenerator: (request) => request.ip } } : {}),
      },
    },
    async (request) => auth.login(parseInput(loginRequestSchema, request.body)),
  );
}
