/** Tags on the resource engine (/tags/). */
import { tagContract } from '../../contracts/resources';
import { tags } from '../db/schema';
import { namedRecordResource } from './namedRecord';

export const tagResource = namedRecordResource(tagContract, tags);
