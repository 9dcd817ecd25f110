import * as assert from 'assert';
import { pluginDirLocation, pluginDirLocations } from '../../../../src/core/threads/plugin-dirs';

describe('threads: plugin folders (pluginDirs against the Cortex home)', () => {
  it('a relative folder is under the Cortex home; an absolute one stays; backslashes and trailing slashes are tidied', () => {
    assert.strictEqual(pluginDirLocation('plugins/cortex-coder', '/home/u/.cortex'), '/home/u/.cortex/plugins/cortex-coder');
    assert.strictEqual(pluginDirLocation('./plugins/a/', '/home/u/.cortex/'), '/home/u/.cortex/plugins/a');
    assert.strictEqual(pluginDirLocation('/opt/plugins/x', '/home/u/.cortex'), '/opt/plugins/x');
    assert.strictEqual(pluginDirLocation('C:\\plugins\\x', 'C:/Users/u/.cortex'), 'C:/plugins/x');
    assert.strictEqual(pluginDirLocation('plugins\\win', 'C:/Users/u/.cortex'), 'C:/Users/u/.cortex/plugins/win');
  });

  it('every folder the agents name, once each, empty names left out', () => {
    const agents = [{ pluginDirs: ['plugins/common', 'plugins/coder'] }, { pluginDirs: ['plugins/common', ' '] }, { pluginDirs: [] }];
    assert.deepStrictEqual(pluginDirLocations(agents, '/h'), ['/h/plugins/common', '/h/plugins/coder']);
  });
});
