import org.apache.solr.embedded.JettyConfig;
import org.apache.solr.embedded.JettySolrRunner;

/**
 * Starts one Solr node in this JVM. JettySolrRunner's own main() always uses port 8983 and the current
 * folder as Solr home, so several nodes on one machine need this two-argument front door.
 * JettySolrRunner binds its connector to 127.0.0.1 only.
 */
public final class SolrNode {
  public static void main(String[] args) {
    if (args.length != 2) {
      System.err.println("usage: SolrNode SOLR_HOME PORT");
      System.exit(2);
    }
    try {
      JettyConfig config =
          JettyConfig.builder().setPort(Integer.parseInt(args[1])).stopAtShutdown(true).build();
      new JettySolrRunner(args[0], config).start();
      System.err.println("SolrNode: listening on 127.0.0.1:" + args[1]);
    } catch (Throwable e) {
      // Jetty's threads would keep a half-started JVM alive: fail loudly and leave.
      e.printStackTrace();
      System.exit(1);
    }
  }
}
