import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas, at /api/openapi.json, and Swagger UI at
 * /api/docs. Swagger UI's page loads only external scripts, so it runs under `script-src 'self'`.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Schirm API',
        description:
          'REST/JSON API of the Schirm insurance self-service platform. Errors use one envelope ' +
          '(`ErrorEnvelope`) with a German message for people.',
        version: '0.1.0',
      },
      servers: [],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access-Token (EdDSA-JWT)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
