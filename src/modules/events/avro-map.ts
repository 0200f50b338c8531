import avro from 'avsc';

/** The part of avsc's reading buffer a map's entries are read from. */
interface Tap {
  readLong(): number;
  readString(): string;
}

interface ValuesType {
  _read(tap: Tap): unknown;
}

/**
 * An Avro map read into an object whose every key is its own member. avsc assigns each entry with
 * `object[key] = value`, so a key "__proto__" (any string is a valid map key) set the object's
 * prototype and its entry was lost; here each entry is defined, as JSON.parse defines a member.
 */
export class OwnKeysMapType extends avro.types.MapType {
  _read(tap: Tap): Record<string, unknown> {
    const values = this.valuesType as ValuesType;
    const map: Record<string, unknown> = {};
    // Blocks of entries until a block of 0; a negative count is followed by the block's size in bytes.
    for (let count = tap.readLong(); count !== 0; count = tap.readLong()) {
      if (count < 0) {
        count = -count;
        tap.readLong();
      }
      for (; count > 0; count--) {
        const key = tap.readString();
        Object.defineProperty(map, key, {
          value: values._read(tap),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return map;
  }
}

export const isMapSchema = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'map';
