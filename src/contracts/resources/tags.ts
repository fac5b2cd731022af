/** Tags (spec section 3 'Tag'; filters by short_name and long_name). */
import { namedRecordContract } from './namedRecord';

export const tagContract = namedRecordContract('/tags/', 'tags');
