package org.bloomchord.routing.location.cluster;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.compress.CompressedBloom;
import org.bloomchord.routing.location.AttenuatedFilter;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationMessages.EncodedLevel;
import org.bloomchord.routing.location.LocationMessages.LevelCoding;
import org.bloomchord.routing.location.LocationMessages.SummaryReply;
import org.bloomchord.routing.location.LocationMessages.SummaryRequest;
import org.bloomchord.routing.location.SummaryCoding;
import org.bloomchord.routing.rogue.RoguePeer;

/** A neighbour that answers every summary pull with a summary its askers must reject. */
final class RogueSummaries implements ChordExtension {

  /** What is wrong with the summaries this peer sends. */
  enum Fault {
    /** One level too many. */
    WRONG_DEPTH,
    /** Levels of twice the configured width. */
    WRONG_SHAPE,
    /** A compressed level with one byte of its code flipped. */
    CORRUPT_ENCODING,
    /** A well-formed summary whose announced version is not its content hash. */
    WRONG_VERSION,
    /** Every bit of every level set, declaring three elements per level: impossible with k probes each. */
    ALL_ONES
  }

  private final Fault fault;
  private final LocationConfig config;

  RogueSummaries(Fault fault, LocationConfig config) {
    this.fault = fault;
    this.config = config;
  }

  @Override
  public void attach(ChordHost peer) {
    peer.handleRequests(SummaryRequest.class, (from, m) -> Future.succeededFuture(reply()));
  }

  private SummaryReply reply() {
    BloomShape shape = config.shape();
    switch (fault) {
      case WRONG_DEPTH -> {
        AttenuatedFilter f = AttenuatedFilter.empty(config.depth() + 1, shape);
        return new SummaryReply(SummaryCoding.version(f), SummaryCoding.encode(f));
      }
      case WRONG_SHAPE -> {
        AttenuatedFilter f = AttenuatedFilter.empty(config.depth(), new BloomShape(shape.bits() * 2, shape.hashes()));
        return new SummaryReply(SummaryCoding.version(f), SummaryCoding.encode(f));
      }
      case CORRUPT_ENCODING -> {
        BloomFilter level = new BloomFilter(shape);
        for (long k = 0; k < 20; k++) {
          level.add(k);
        }
        byte[] bytes = CompressedBloom.encode(level);
        bytes[bytes.length - 1] ^= 0x5A;
        List<EncodedLevel> levels = new ArrayList<>();
        for (int i = 0; i < config.depth(); i++) {
          levels.add(new EncodedLevel(LevelCoding.COMPRESSED, bytes, 1000));
        }
        return new SummaryReply(42, levels);
      }
      case WRONG_VERSION -> {
        AttenuatedFilter f = AttenuatedFilter.empty(config.depth(), shape);
        return new SummaryReply(SummaryCoding.version(f) + 1, SummaryCoding.encode(f));
      }
      case ALL_ONES -> {
        return RoguePeer.allOnes(config, 3);
      }
      default -> throw new IllegalStateException();
    }
  }
}
