/** Every API route module, registered under /api. One line per resource group. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth';
import { profileRoutes } from './profile';
import { systemRoutes } from './system';

export type RouteModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;

export const apiRouteModules: RouteModule[] = [systemRoutes, authRoutes, profileRoutes];

/** Route modules mounted outside /api (the image service of section 7 lives at /images). */
export const rootRouteModules: RouteModule[] = [];
