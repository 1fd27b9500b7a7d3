import { HomeSections } from '../../src/ui/HomeSections';
import { mountPage } from '../../src/ui/mount-page';

mountPage(
  <main>
    <h1>Home</h1>
    <p>Everything your agent keeps and is allowed to do, in one place.</p>
    <HomeSections />
  </main>,
);
