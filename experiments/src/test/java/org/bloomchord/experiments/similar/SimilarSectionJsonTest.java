package org.bloomchord.experiments.similar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code similar} section is one flat JSON object in the documented key order. */
class SimilarSectionJsonTest {

  @Test
  void anEmptyBinWritesNullShareAndBiasAndTheGroupsUnwrapInOrder() throws Exception {
    SimilarResult.Bin empty = new SimilarResult.Bin(0.9, 0, 0, 0, 0, 0, 0, Double.NaN);
    SimilarResult.Bin full = new SimilarResult.Bin(0.5, 4, 2, 0.25, 1, 0.1, 0.2, 0.01);
    SimilarResult.Section section = new SimilarResult.Section(
        new SimilarResult.Setup("synthetic", 10, 4, 4, 20, 5, 0.5), List.of(full, empty),
        new SimilarResult.Queries(0.25, null, 3, 10.5, 20, 30.5, 1),
        new SimilarResult.Publications(10, 9, 1, 0, 1, 2, Map.of("stored", 7L)),
        new SimilarResult.Audit(1, 0, 1, 0));
    String json = new ObjectMapper().writeValueAsString(section);
    assertEquals("{\"corpus\":\"synthetic\",\"documents\":10,\"peers\":4,\"shingle\":4,\"bands\":20,\"rows\":5,"
        + "\"threshold\":0.5,\"bins\":[{\"jaccard\":0.5,\"pairs\":4,\"candidates\":2,\"share\":0.5,\"expected\":0.25,"
        + "\"returned\":1,\"stdErr\":0.1,\"clusteredStdErr\":0.2,\"z\":1.25,\"estimateBias\":0.01},"
        + "{\"jaccard\":0.9,\"pairs\":0,\"candidates\":0,\"share\":null,\"expected\":0.0,\"returned\":0,\"stdErr\":0.0,"
        + "\"clusteredStdErr\":0.0,\"z\":0.0,\"estimateBias\":null}],\"worstDeviation\":0.25,\"recall\":null,"
        + "\"falseAccepts\":3,\"bytesPerQuery\":10.5,\"lookupsPerQuery\":20.0,\"messagesPerQuery\":30.5,"
        + "\"failedQueries\":1,\"publications\":10,\"completePublications\":9,\"incompletePublications\":1,"
        + "\"failedPublicationCalls\":0,\"fullBuckets\":1,\"publicationRetries\":2,\"ownerAnswers\":{\"stored\":7},"
        + "\"missingEntries\":1,\"missingAfterComplete\":0,\"stillMissing\":1,\"stillMissingAfterComplete\":0}", json);
  }
}
