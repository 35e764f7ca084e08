use super::*;
use serde_json::json;

fn obj(v: Value) -> Map<String, Value> {
    v.as_object().expect("an object").clone()
}

#[test]
fn the_owner_is_the_agent_id_else_unknown_for_a_type_alone_else_the_foreground() {
    assert_eq!(
        owner_of(&obj(json!({"agent_id": "a1", "agent_type": "x"}))),
        "agent:a1"
    );
    assert_eq!(owner_of(&obj(json!({"agentId": "a2"}))), "agent:a2");
    assert_eq!(
        owner_of(&obj(json!({"agent_id": "", "agent_type": "reviewer"}))),
        "unknown"
    );
    assert_eq!(owner_of(&obj(json!({"agentType": "reviewer"}))), "unknown");
    assert_eq!(owner_of(&obj(json!({"agent_id": 7}))), "foreground");
    assert_eq!(owner_of(&obj(json!({}))), "foreground");
}

#[test]
fn an_empty_waiting_requests_object_never_revives_the_old_fields() {
    let row =
        obj(json!({"status": "waiting", "waiting_kind": "permission", "waiting_requests": {}}));
    assert!(read_waits(&row).is_empty());
    let old =
        obj(json!({"status": "waiting", "waiting_kind": "permission", "waiting_agent_id": "z"}));
    assert_eq!(read_waits(&old)[0].owner, "agent:z");
}

#[test]
fn entries_of_unknown_owners_or_shapes_are_skipped() {
    let row = obj(
        json!({"waiting_requests": {"teammate": {}, "agent:a": "x", "unknown": {"since": true}}}),
    );
    let waits = read_waits(&row);
    assert_eq!(waits.len(), 1);
    assert_eq!((waits[0].owner.as_str(), waits[0].since), ("unknown", 0.0));
}

#[test]
fn the_same_request_keeps_its_start_and_id_and_a_new_one_gets_a_new_id() {
    let first = Wait {
        owner: "agent:a".into(),
        kind: "permission".into(),
        detail: "Bash: ls".into(),
        waiting_for: String::new(),
        since: 10.0,
        revision: "r1".into(),
        tool_use_id: "t1".into(),
        agent_type: "reviewer".into(),
    };
    let again = Wait {
        since: 20.0,
        revision: String::new(),
        agent_type: String::new(),
        ..first.clone()
    };
    let kept = renew(Some(&first), again.clone(), "r2".into());
    assert_eq!(
        (kept.since, kept.revision.as_str(), kept.agent_type.as_str()),
        (10.0, "r1", "reviewer")
    );
    let other = Wait {
        tool_use_id: "t2".into(),
        ..again
    };
    let new = renew(Some(&first), other, "r2".into());
    assert_eq!((new.since, new.revision.as_str()), (20.0, "r2"));
}

#[test]
fn old_pending_details_expire_and_the_legacy_stash_is_the_foregrounds() {
    let row = obj(
        json!({"pending_permission_detail": "Bash: ls", "pending_permission_detail_at": 100.0}),
    );
    assert_eq!(read_pending(&row, 220.0, 120.0)[0].owner, "foreground");
    assert!(read_pending(&row, 220.5, 120.0).is_empty());
    assert_eq!(
        read_pending(&row, 99.0, 120.0).len(),
        1,
        "a racing hook's earlier clock keeps it"
    );
    let listed = obj(
        json!({"pending_permissions": [{"owner": "agent:a", "request_id": "", "detail": "", "at": 100.0}]}),
    );
    assert!(
        read_pending(&listed, 101.0, 120.0).is_empty(),
        "an empty detail is no candidate"
    );
}

#[test]
fn a_wait_without_revision_has_ring_s_own_request_id_everywhere() {
    // Python: hashlib.sha256(json.dumps([owner, since, tool_use_id]).encode()).hexdigest(),
    // as RiNG 0.17.6's WaitingRequest.request_id computes it (values printed by RiNG's rule).
    let wait = |owner: &str, since: f64, tool_use_id: &str| Wait {
        owner: owner.into(),
        since,
        tool_use_id: tool_use_id.into(),
        ..Wait::default()
    };
    assert_eq!(
        wait("foreground", 1_699_999_960.0, "").request_id(),
        "legacy:dc399c5fc7460b6af460067a1a9173e34b94389c272fd2ecb4e41a7086e821e7"
    );
    assert_eq!(
        wait("agent:a\u{e9}\u{1F600}\"x", 1.5e-05, "toolu_01\n").request_id(),
        "legacy:2e2f04d23bdf24a3b398dd212b6dbca502096b4ae97f4f4d08f36b94998e955c"
    );
}
