/** The legacy ids a walk saw, as a bitset (a million vouchers: 125 KB instead of a Set's 40 MB). */
export class SeenIds {
  private bits = new Uint8Array(1024);
  add(id: number) {
    if (!Number.isInteger(id) || id < 0) return;
    const byte = id >> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[byte] |= 1 << (id & 7);
  }
  has(id: number): boolean {
    const byte = id >> 3;
    return byte < this.bits.length && (this.bits[byte] & (1 << (id & 7))) !== 0;
  }
}
