/** Tags on the resource engine (/tags/). */
import { optionReaders } from '../../contracts/formOptions';
import { tagContract } from '../../contracts/resources';
import { tags } from '../db/schema';
import { anyOf } from './engine';
import { namedRecordResource } from './namedRecord';

// Listed also for whoever may write offices: the office form's tag select (issue 12).
export const tagResource = namedRecordResource(tagContract, tags, anyOf(...optionReaders('/tags/')));
