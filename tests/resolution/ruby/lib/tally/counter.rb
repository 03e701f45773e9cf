require_relative "../geo/point"
#                   ^ defined: lib/geo/point.rb::

module Tally
  LIMIT = 10

  class Counter
    attr_reader :count
    attr_accessor :step

    def initialize(start, step = 1)
    #              ^ declares: parameter
      @count = start
      # ^ write: lib/tally/counter.rb:8
      #        ^ local: 11
      @step = step
      # ^ write: lib/tally/counter.rb:9
      #       ^ local: 11
    end

    def add(items)
      total = @count
      #       ^ value: lib/tally/counter.rb:8
      # ^ declares: variable
      items.each do |item|
      #              ^ declares: parameter
        total += item * step
        # ^ local: 22
        #        ^ local: 25
        #               ^ value: lib/tally/counter.rb:9
      end
      items.each { |count| total += count }
      #                             ^ local: 32
      #                    ^ local: 22
      @count = total + Tally::LIMIT
      #        ^ local: 22
      #                       ^ defined: lib/tally/counter.rb:5
      count
      # ^ value: lib/tally/counter.rb:8
    end

    def shadow(count)
      count + @count
      # ^ local: 42
      #       ^ value: lib/tally/counter.rb:8
    end

    def later
      value = count
      #       ^ value: lib/tally/counter.rb:8
      count = 2
      value + count
      #       ^ local: 51
    end
  end
end
