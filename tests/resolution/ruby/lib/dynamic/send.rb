# send, public_send and __send__ call the method their symbol or string names; method and respond_to? name it
class Parser
  def parse_hash; end

  def parse_array; end

  def helper; end

  def run(type, other)
    send(:helper)
    #    ^ defined: lib/dynamic/send.rb::Parser.helper
    self.public_send("helper")
    #                ^ defined: lib/dynamic/send.rb::Parser.helper
    __send__(:"helper")
    #        ^ defined: lib/dynamic/send.rb::Parser.helper
    method(:helper).call
    #      ^ defined: lib/dynamic/send.rb::Parser.helper
    respond_to?(:helper)
    #           ^ defined: lib/dynamic/send.rb::Parser.helper
    send(:"parse_#{type}")
    #    ^ ambiguous: lib/dynamic/send.rb::Parser.parse_array, lib/dynamic/send.rb::Parser.parse_hash
    send(:missing)
    #    ^ unresolved
    Dispatcher.send(:dispatch, 1)
    #               ^ defined: lib/dynamic/send.rb::Dispatcher.dispatch
    other.send(:dispatch_all)
    #          ^ ambiguous: lib/dynamic/send.rb::Dispatcher.dispatch_all, lib/dynamic/send.rb::Queue.dispatch_all
  end
end

class Dispatcher
  class << self
    def dispatch(x); end
  end

  def dispatch_all; end
end

class Queue
  def dispatch_all; end
end
