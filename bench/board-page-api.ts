/** What the board benchmark's page side (board-page.tsx, bundled on its own) offers the host side (board.ts). */
export interface PageRow {
  what: string;
  median: number;
  min: number;
  note?: string;
}

export interface PageBench {
  /**
   * Measures the page `runs` times: `first` is the first state message the panel
   * posts (the lane list and the first lanes' cards), `all` one with every card.
   */
  benchPage(first: string, all: string, runs: number): Promise<PageRow[]>;
}
