import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take far longer than their size says: each runs axe over dozens of pages from a short
 * file. Vitest orders files it has no timings for (a clean clone) by size, which started these last,
 * so the suite ended with them running side by side; started first, the short files fill the gaps.
 */
const LONG_FOR_THEIR_SIZE = /\/e2e\/accessibility-[^/]+\.test\.ts$/;

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = sorted.filter((file) => LONG_FOR_THEIR_SIZE.test(file.moduleId));
    return [...long, ...sorted.filter((file) => !long.includes(file))];
  }
}
