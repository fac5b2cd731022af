/** Every API route module, registered under /api. One line per resource group. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { historyRoutes } from '../resources/history';
import { receiptReadingRoutes } from '../services/receiptReading/routes';
import { authRoutes } from './auth';
import { bookingRoutes } from './bookings';
import { exportRoutes } from './exports';
import { groupRoutes } from './groups';
import { imagesRoutes } from './images';
import { invoicingRoutes } from './invoicing';
import { listPreferenceRoutes } from './listPreferences';
import { masterDataRoutes } from './masterData';
import { officeRoutes } from './offices';
import { productRoutes } from './products';
import { profileRoutes } from './profile';
import { promotionRoutes } from './promotions';
import { refundDownloadRoutes } from './refundDownload';
import { refundLinkRoutes } from './refundLinks';
import { refundReviewRoutes } from './refundReview';
import { refundRoutes } from './refunds';
import { storedFileRoutes } from './storedFiles';
import { systemRoutes } from './system';

export type RouteModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;

export const apiRouteModules: RouteModule[] = [
  systemRoutes,
  authRoutes,
  profileRoutes,
  groupRoutes,
  officeRoutes,
  masterDataRoutes,
  productRoutes,
  promotionRoutes,
  refundRoutes,
  refundReviewRoutes,
  refundLinkRoutes,
  refundDownloadRoutes,
  historyRoutes,
  storedFileRoutes,
  exportRoutes,
  bookingRoutes,
  invoicingRoutes,
  receiptReadingRoutes,
  listPreferenceRoutes,
];

/** Route modules mounted outside /api (the image service of section 7 lives at /images). */
export const rootRouteModules: RouteModule[] = [imagesRoutes];
