/** The list cursors of every collection live in platform/http; kept here for the modules that import them from here. */
export { decodeCursor, encodeCursor, type Cursor } from '../../platform/http/cursor.js';
